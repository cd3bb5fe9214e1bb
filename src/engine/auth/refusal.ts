/** Thrown when the client refuses to continue an authorization; the message says why, for a person. */
export class AuthRefusal extends Error {
  override name = 'AuthRefusal';
}
