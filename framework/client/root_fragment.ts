/**
 * Preact renders into a parent element; an island lives between two comment markers inside a parent it
 * shares with other nodes. This object stands in for a parent whose children are only the nodes between the
 * markers, so `hydrate`/`render` touch nothing outside the island.
 */
export function createRootFragment(parent: Node, start: Comment, end: Comment): Element {
  const children = () => {
    const nodes: ChildNode[] = [];
    for (let n = start.nextSibling; n && n !== end; n = n.nextSibling) nodes.push(n);
    return nodes;
  };
  const fragment = {
    nodeType: 1,
    parentNode: parent,
    namespaceURI: (parent as Element).namespaceURI,
    ownerDocument: parent.ownerDocument,
    get firstChild() {
      const first = start.nextSibling;
      return first === end ? null : first;
    },
    get childNodes() {
      return children();
    },
    insertBefore(node: Node, child: Node | null) {
      return parent.insertBefore(node, child ?? end);
    },
    appendChild(node: Node) {
      return parent.insertBefore(node, end);
    },
    removeChild(node: Node) {
      return parent.removeChild(node);
    },
    contains(node: Node) {
      return children().some((c) => c === node || c.contains(node));
    },
  };
  return fragment as unknown as Element;
}
