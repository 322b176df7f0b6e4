/** A complete ICANN contact as surfaces A and D take it in a body (the dialing prefix with its plus). */
export const ADA_CONTACT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.net',
  phone: { dialingPrefix: '+44', number: '2071234567' },
  street: '1 Analytical Row',
  city: 'London',
  stateProvince: 'Greater London',
  postalCode: 'N1 9GU',
  countryCode: 'GB',
} as const;
