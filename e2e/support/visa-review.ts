import type { Locator, Page } from '@playwright/test';

/** On the VISA activation's review step: chooses 12 April 1985 in the Date of birth group. */
export async function chooseDateOfBirth(page: Page): Promise<void> {
  const birth = page.getByRole('group', { name: 'Date of birth' });
  await birth.getByLabel('Day').selectOption('12');
  await birth.getByLabel('Month').selectOption({ label: 'April' });
  await birth.getByLabel('Year').selectOption('1985');
}

/** Types `typed` into the country box named `box` and clicks the option `country`; answers the box. */
export async function pickCountry(page: Page, box: 'Country of birth' | 'Nationality', typed: string, country: string): Promise<Locator> {
  const combobox = page.getByRole('combobox', { name: box });
  await combobox.fill(typed);
  await page.getByRole('option', { name: country, exact: true }).click();
  return combobox;
}
