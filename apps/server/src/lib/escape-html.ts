/** Text made safe inside HTML (element content and quoted attributes): the five special characters as entities. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
