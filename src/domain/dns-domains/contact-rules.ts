import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { domainNameForms } from '../shared/idna';

/**
 * What a registrant, admin, tech or billing contact must hold (`decisions.md` §4; ICANN's registration data rules):
 * names, a mailbox, a telephone number valid in E.164, a postal address with an ISO 3166-1 country, a state or
 * province code where the country has a fixed list, and a postal code of the country's format.
 */
export type ContactDetails = Readonly<{
  firstName: string;
  lastName: string;
  organization: string | null;
  email: string;
  phone: Readonly<{ dialingPrefix: string; number: string }>;
  street: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  countryCode: string;
}>;

export type ContactProblem = Readonly<{ path: string; message: string }>;

/** Every code ISO 3166-1 assigns (alpha-2). */
const COUNTRIES = new Set(
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC
  CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE
  GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM
  KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
  NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH
  SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG
  VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/),
);

/** Countries whose addresses use a fixed list of state or province codes (ISO 3166-2 subdivisions). */
const SUBDIVISIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  US: new Set(
    `AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA
    RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI UM AA AE AP`.split(/\s+/),
  ),
  CA: new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ')),
  AU: new Set('ACT NSW NT QLD SA TAS VIC WA'.split(' ')),
};

/** Postal code formats of the countries that publish one; elsewhere 1 to 16 letters, digits, spaces and dashes. */
const POSTAL_CODES: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  GB: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  BE: /^\d{4}$/,
  CH: /^\d{4}$/,
  AT: /^\d{4}$/,
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  FI: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  IE: /^[AC-FHKNPRTV-Y][0-9W]\d ?[0-9AC-FHKNPRTV-Y]{4}$/,
  JP: /^\d{3}-?\d{4}$/,
  KR: /^\d{5}$/,
  CN: /^\d{6}$/,
  IN: /^\d{6}$/,
  SG: /^\d{6}$/,
  BR: /^\d{5}-?\d{3}$/,
  MX: /^\d{5}$/,
};

/** Countries without postal codes, whose addresses may leave it empty. */
const NO_POSTAL_CODES = new Set(
  'AE AG AO AW BS BZ BJ BW CW DJ DM FJ GD GH GY HK JM KI KN LC MO QA SB SC SR TL TO TV UG VU ZW'.split(' '),
);

const MAX_TEXT = 100;
// letters of any script, marks, spaces and the punctuation names and addresses use
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]+$/u;
const EMAIL = /^([A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*)@([^@\s]+)$/;

const textProblem = (value: string, path: string, required = true): ContactProblem[] => {
  if (value.trim() === '') return required ? [{ path, message: 'must not be empty' }] : [];
  if ([...value].length > MAX_TEXT) return [{ path, message: `must be at most ${MAX_TEXT} characters` }];
  if (!PRINTABLE.test(value)) return [{ path, message: 'must hold printable characters only' }];
  return [];
};

const emailProblems = (email: string): ContactProblem[] => {
  const match = EMAIL.exec(email);
  const domain = match ? domainNameForms(match[3]) : null;
  if (!match || match[1].length > 64 || !domain || !domain.name.includes('.')) {
    return [{ path: 'email', message: 'must be a mailbox, as in name@example.com' }];
  }
  return email.length > MAX_TEXT ? [{ path: 'email', message: `must be at most ${MAX_TEXT} characters` }] : [];
};

/**
 * The dialing prefix without its plus: one to three digits of a country calling code. Only a plus before a digit is
 * taken off, so that normalizing twice changes nothing (`++1` stays invalid rather than becoming `+1`, then `1`).
 */
export const normalizedDialingPrefix = (prefix: string): string => prefix.trim().replace(/^\+(?=\d)/, '');

/** The number in E.164 (`+14155552671`), or null when no country's numbering plan has it. */
export const e164Of = (phone: ContactDetails['phone']): string | null => {
  const prefix = normalizedDialingPrefix(phone.dialingPrefix);
  const digits = phone.number.replace(/[\s().-]/g, '');
  if (!/^\d{1,3}$/.test(prefix) || !/^\d{4,14}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${prefix}${digits}`);
  return parsed?.isValid() && parsed.countryCallingCode === prefix ? parsed.number : null;
};

const phoneProblems = (phone: ContactDetails['phone']): ContactProblem[] =>
  e164Of(phone) === null
    ? [{ path: 'phone', message: 'must be a valid telephone number: a country calling code and the number' }]
    : [];

const addressProblems = (details: ContactDetails): ContactProblem[] => {
  const country = details.countryCode;
  if (!COUNTRIES.has(country))
    return [{ path: 'countryCode', message: 'must be an ISO 3166-1 alpha-2 code, as in US' }];
  const problems: ContactProblem[] = [];
  const subdivisions = SUBDIVISIONS[country];
  if (subdivisions && !subdivisions.has(details.stateProvince)) {
    problems.push({ path: 'stateProvince', message: `must be a state or province code of ${country}` });
  } else if (!subdivisions) {
    problems.push(...textProblem(details.stateProvince, 'stateProvince', false));
  }
  const postal = details.postalCode;
  const format = POSTAL_CODES[country];
  if (postal === '') {
    if (!NO_POSTAL_CODES.has(country)) problems.push({ path: 'postalCode', message: `is required in ${country}` });
  } else if (format ? !format.test(postal) : !/^[A-Z0-9][A-Z0-9 -]{0,15}$/.test(postal)) {
    problems.push({ path: 'postalCode', message: `is not a postal code of ${country}` });
  }
  return problems;
};

/** Every problem of (normalized) details, each with the field it is in; none when a registry would take them. */
export const contactProblemsOf = (details: ContactDetails): ContactProblem[] => [
  ...textProblem(details.firstName, 'firstName'),
  ...textProblem(details.lastName, 'lastName'),
  ...(details.organization === null ? [] : textProblem(details.organization, 'organization', false)),
  ...emailProblems(details.email),
  ...phoneProblems(details.phone),
  ...textProblem(details.street, 'street'),
  ...textProblem(details.city, 'city'),
  ...addressProblems(details),
];

/**
 * The details as stored and checked: trimmed, the country, a listed state code and the postal code in capitals, the
 * dialing prefix without its plus.
 */
export const normalizedContact = (details: ContactDetails): ContactDetails => {
  const countryCode = details.countryCode.trim().toUpperCase();
  const state = details.stateProvince.trim();
  return {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    organization: details.organization?.trim() || null,
    email: details.email.trim(),
    phone: { dialingPrefix: normalizedDialingPrefix(details.phone.dialingPrefix), number: details.phone.number.trim() },
    street: details.street.trim(),
    city: details.city.trim(),
    stateProvince: SUBDIVISIONS[countryCode] ? state.toUpperCase() : state,
    postalCode: details.postalCode.trim().toUpperCase(),
    countryCode,
  };
};
