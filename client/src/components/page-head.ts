import { APP_NAME } from '../constants';

/** The route `head` option that sets the tab title, e.g. "Slots | BZU". */
export function pageHead(title: string) {
  return () => ({ meta: [{ title: title ? `${title} | ${APP_NAME}` : APP_NAME }] });
}
