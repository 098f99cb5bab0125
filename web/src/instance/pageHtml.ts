// An AWR HTML report parsed by the browser's DOMParser (Node uses htmlparser2:
// scripts/lib/reportHtml.ts). A document made by DOMParser.parseFromString has scripting
// disabled (HTML Standard, "DOMParser": "scripting is disabled" for the document it creates),
// nothing of it is put into the page, and the walker (htmlDoc.ts) reads only its text and
// tables: no script, handler or image of the report runs or loads.
import type { Doc } from './doc';
import { htmlDoc, type TreeAccess } from './htmlDoc';

const ACCESS: TreeAccess<Node> = {
  name: (n) =>
    n.nodeType === Node.TEXT_NODE
      ? null
      : n.nodeType === Node.ELEMENT_NODE
        ? (n as Element).localName
        : 'other',
  text: (n) => n.nodeValue ?? '',
  children: (n) => n.childNodes,
};

export function pageHtmlDoc(html: string): Doc {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return htmlDoc<Node>(parsed.body ?? parsed.documentElement, ACCESS);
}
