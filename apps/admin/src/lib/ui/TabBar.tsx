import { Tab, TabList } from 'react-aria-components';

/** The tabs of a React Aria `Tabs`, named `label` for a screen reader; each tab's `id` is its panel's. */
export function TabBar({ label, tabs }: { label: string; tabs: readonly { id: string; label: string }[] }) {
  return (
    <TabList className="tabs" aria-label={label} items={tabs}>
      {(tab) => (
        <Tab id={tab.id} className="tabs__tab">
          {tab.label}
        </Tab>
      )}
    </TabList>
  );
}
