// The server's texts are the chat's, in Discord's markdown: **bold**, *italic*, `code`,
// "## " headings, "-# " small print, "> " quotes. Drawn as DOM nodes (never innerHTML).

const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|`[^`]+`)/g;

function inline(parent: HTMLElement, text: string): void {
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    const start = m.index ?? 0;
    if (start > at) parent.append(text.slice(at, start));
    const token = m[0];
    let node: HTMLElement;
    if (token.startsWith("**") || token.startsWith("__")) {
      node = document.createElement(token.startsWith("**") ? "strong" : "u");
      node.textContent = token.slice(2, -2);
    } else if (token.startsWith("`")) {
      node = document.createElement("code");
      node.textContent = token.slice(1, -1);
    } else {
      node = document.createElement("em");
      node.textContent = token.slice(1, -1);
    }
    parent.append(node);
    at = start + token.length;
  }
  if (at < text.length) parent.append(text.slice(at));
}

/** one line of text as inline nodes inside ``parent`` */
export function line(parent: HTMLElement, text: string): HTMLElement {
  inline(parent, text);
  return parent;
}

/** a block of lines: headings, small print, quotes and plain lines */
export function block(text: string): HTMLElement {
  const box = document.createElement("div");
  for (const raw of text.split("\n")) {
    let tag: keyof HTMLElementTagNameMap = "div";
    let body = raw;
    if (raw.startsWith("## ") || raw.startsWith("# ")) {
      tag = "h3";
      body = raw.replace(/^#+ /, "");
    } else if (raw.startsWith("-# ")) {
      tag = "small";
      body = raw.slice(3);
    } else if (raw.startsWith("> ")) {
      tag = "blockquote";
      body = raw.slice(2);
    }
    const node = document.createElement(tag);
    node.className = "ct-md";
    if (!body.trim()) node.append("\u00a0");
    else inline(node, body);
    box.append(node);
  }
  return box;
}
