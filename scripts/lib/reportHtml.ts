// An AWR HTML report parsed in Node by htmlparser2 (a maintained, forgiving HTML parser; the
// page uses the browser's DOMParser instead: web/src/instance/pageHtml.ts). The tree is only
// walked for its text and tables (web/src/instance/htmlDoc.ts): nothing in it runs.
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Document } from 'domhandler';
import type { Doc } from '../../web/src/instance/doc';
import { htmlDoc, type TreeAccess } from '../../web/src/instance/htmlDoc';

type N = ChildNode | Document;

const ACCESS: TreeAccess<N> = {
  name: (n) => {
    if (n.type === 'text') return null;
    if ('name' in n) return n.name.toLowerCase();
    return n.type === 'root' ? 'root' : 'comment';
  },
  text: (n) => ('data' in n && n.type === 'text' ? n.data : ''),
  children: (n) => ('children' in n ? n.children : []),
};

export function nodeHtmlDoc(html: string): Doc {
  return htmlDoc<N>(parseDocument(html, { decodeEntities: true }), ACCESS);
}
