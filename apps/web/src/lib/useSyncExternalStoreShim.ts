// wouter imports the pre-React-18 shim; React 19 has the hook built in.
export { useSyncExternalStore } from 'react';
