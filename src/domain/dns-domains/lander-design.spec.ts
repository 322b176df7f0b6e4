import { landerDesignOf, MAX_TAGLINE } from './lander-design';

describe("a landing page's design, read from the user's words", () => {
  it('gives a listed name with no wishes its for-sale page, any other name a page for what is coming', () => {
    expect(landerDesignOf('', true)).toEqual({
      template: 'for-sale',
      theme: 'light',
      tagline: 'This domain is for sale.',
      paragraphs: [],
    });
    expect(landerDesignOf('   ', false)).toEqual({
      template: 'coming-soon',
      theme: 'light',
      tagline: 'Something new is coming here soon.',
      paragraphs: [],
    });
  });

  it.each([
    ['We are launching in spring', 'coming-soon'],
    ['Big launch', 'coming-soon'],
    ['A cleaning service', 'business'],
    ['Our consultancy', 'business'],
    ['Under construction', 'coming-soon'],
    ['A bakery shop in Leeds', 'business'],
    ['Our consulting agency', 'business'],
    ['My portfolio of photos', 'personal'],
    ['A personal blog', 'personal'],
  ] as const)('reads "%s" as a %s page', (instructions, template) => {
    expect(landerDesignOf(instructions, true).template).toBe(template);
  });

  it.each([
    ['a dark page', 'dark'],
    ['blue like the sea', 'ocean'],
    ['green and eco', 'forest'],
    ['a plant nursery', 'forest'],
    ['warm orange', 'sunset'],
    ['plain', 'light'],
  ] as const)('reads "%s" as the %s theme', (instructions, theme) => {
    expect(landerDesignOf(instructions, false).theme).toBe(theme);
  });

  it('takes the first sentence as the line under the name and the rest as paragraphs', () => {
    expect(landerDesignOf('Fresh bread daily!  Order by noon.\n\nOpen   Monday to Saturday.', false)).toEqual({
      template: 'coming-soon',
      theme: 'light',
      tagline: 'Fresh bread daily!',
      paragraphs: ['Order by noon.', 'Open Monday to Saturday.'],
    });
    expect(landerDesignOf('Just one line', false)).toMatchObject({ tagline: 'Just one line', paragraphs: [] });
    expect(landerDesignOf('Sold!', false)).toMatchObject({ tagline: 'Sold!', paragraphs: [] });
    // blank lines (spaces on them too) part paragraphs; blank paragraphs before the first are none
    expect(landerDesignOf('\n \n\nHello there. Hi.\n  \nBye.', false)).toMatchObject({
      tagline: 'Hello there.',
      paragraphs: ['Hi.', 'Bye.'],
    });
  });

  it("keeps a first sentence too long for a headline as a paragraph, under the template's own line", () => {
    const long = `${'word '.repeat(MAX_TAGLINE / 5)}end.`;
    expect(landerDesignOf(long, true)).toMatchObject({ tagline: 'This domain is for sale.', paragraphs: [long] });
    expect(landerDesignOf(`${long} Our business.`, false).tagline).toBe('Welcome.');
    expect(landerDesignOf(`${long} My blog.`, false).tagline).toBe('Hello.');
    expect(landerDesignOf(long, false).tagline).toBe('Something new is coming here soon.');
    const fits = `${'w'.repeat(MAX_TAGLINE - 1)}.`;
    expect(landerDesignOf(fits, true)).toMatchObject({ tagline: fits, paragraphs: [] });
  });
});
