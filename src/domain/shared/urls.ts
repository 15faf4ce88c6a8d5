// Absolute URLs of resources in the API and the app (`urls` members).
import type { Urls } from '../../context.js';

export const urlsFor = {
  organization: (u: Urls, id: string) => ({ location: `${u.api}/orgs/${id}`, app: `${u.app}/o/${id}` }),
  space: (u: Urls, id: string) => ({ location: `${u.api}/spaces/${id}`, app: `${u.app}/s/${id}` }),
  collection: (u: Urls, id: string) => ({ location: `${u.api}/collections/${id}`, app: `${u.app}/collections/${id}` }),
  user: (u: Urls, id: string) => ({ location: `${u.api}/users/${id}` }),
};
