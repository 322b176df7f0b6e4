/** Text made safe to put in HTML (mail bodies): the five characters HTML gives meaning to, as numeric references. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A plain-text mail's body as HTML: its blank-line-separated paragraphs, its single line breaks kept. */
export const htmlParagraphsOf = (text: string): string =>
  `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '<br>')}</p>`;
