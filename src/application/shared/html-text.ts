/** Text made safe to put in HTML (mail bodies): the five characters HTML gives meaning to, as numeric references. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
