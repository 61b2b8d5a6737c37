import { api } from '../../net/api';

/**
 * SPEC §4: billing opens the customer portal in a new tab. The tab is opened inside the click, so popup
 * blockers let it through, and pointed at the portal once the server has made a session for it.
 */
export async function openBillingPortal(): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await api.customerPortal();
    if (!tab) return window.location.assign(url);
    tab.opener = null;
    tab.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
