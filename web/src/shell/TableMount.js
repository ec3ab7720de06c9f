// Mounts the table screen (table/TableScreen.js) for one table. A new table id or a new
// connection (another session) mounts a fresh screen; anything else re-renders it in place.

import { TableScreen } from "../table/TableScreen.js";
import { html } from "./common.js";

export function TableMount(props) {
  return html`<${TableScreen} ...${props} />`;
}
