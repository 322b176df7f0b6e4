/** A `@type` of `/partner/v3`: `<namespace>/partner.v3.<Name>`, the names the published schemas give their objects. */
export const partnerType = (namespace: string, name: string): string => `${namespace}/partner.v3.${name}`;
