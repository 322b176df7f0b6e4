import { LanderDesign, LanderTheme } from '../../../domain/dns-domains/lander-design';
import { renderStandalone, loadPageTemplate } from '../shared/views';
import { LANDER } from './lander.template';

loadPageTemplate('lander', LANDER);

const COLOURS: Readonly<Record<LanderTheme, { bg: string; fg: string; accent: string; muted: string }>> = {
  light: { bg: '#fafaf7', fg: '#1d1d1f', accent: '#2c5fb8', muted: '#8a8a8e' },
  dark: { bg: '#111214', fg: '#f2f2f4', accent: '#7db3ff', muted: '#6b6d75' },
  ocean: { bg: '#eaf4fb', fg: '#0c2a43', accent: '#0a6fb8', muted: '#6f8ba3' },
  forest: { bg: '#eef6ee', fg: '#143214', accent: '#2e7d32', muted: '#72917a' },
  sunset: { bg: '#fff4ec', fg: '#3b1c0c', accent: '#d2541b', muted: '#a08372' },
};

/** What a name's landing page shows: the name, the design read from the user's words, its listing if it has one. */
export interface LanderContent {
  readonly unicodeName: string;
  readonly design: LanderDesign;
  readonly listing: { readonly price: string | null; readonly offers: boolean; readonly page: string } | null;
}

/** The design's name as the page and the status give it (`for-sale/dark`). */
export const designNameOf = (design: LanderDesign): string => `${design.template}/${design.theme}`;

/** The page, whole: one file, its style inline. */
export const landerHtmlOf = ({ unicodeName, design, listing }: LanderContent): string =>
  renderStandalone('lander', {
    unicodeName,
    design: designNameOf(design),
    colours: COLOURS[design.theme],
    tagline: design.tagline,
    paragraphs: design.paragraphs,
    listing,
    footer: `${unicodeName} · made with domain-engine`,
  });
