/**
 * The path of the verification link in a contact verification mail (quoted-printable undone), for a service whose
 * `PUBLIC_URL` is `publicUrl`: what a person clicking it would ask the service for.
 */
export const verificationPathIn = (raw: string, publicUrl: string): string => {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}(/contacts/verification\\?token=[A-Za-z0-9_.-]+)`).exec(unfolded);
  if (!match) throw new Error('no verification link in the mail');
  return match[1];
};
