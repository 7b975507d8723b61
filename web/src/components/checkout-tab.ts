/**
 * Opens a hosted checkout page in a new tab, as the spec asks. Where the browser blocks the pop-up (the
 * click was too long ago), this tab goes to the checkout instead; its success url brings the user back.
 */
export function openCheckoutTab(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) {
    tab.opener = null; // the checkout page gets no handle on this one
    return;
  }
  window.location.assign(url);
}
