// Characters XML 1.0 does not allow at all, even escaped: most controls, lone surrogates, U+FFFE/U+FFFF.
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside an SVG/XML element or a quoted attribute: markup escaped, invalid characters dropped. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
