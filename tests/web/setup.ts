import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no layout; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};
