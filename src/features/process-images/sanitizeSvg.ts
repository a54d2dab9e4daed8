/**
 * Sanitises a process image before it enters the page (DESIGN.md "Process images",
 * "Security"): SVG only; no script, no foreignObject, no style sheet, no event handler
 * attribute, no javascript: or external link, no external reference in href, style or
 * paint (`url(http…)`). What survives: drawing, text, data-* bindings, ARIA, tabindex,
 * links to other process images (`/process-images/…`) and fragment references (`#id`).
 */
import createDOMPurify, { type WindowLike } from 'dompurify';

const IMAGE_LINK = /^\/process-images\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
/** `url(#id)` is a reference into the image itself; any other url( reaches outside. */
const EXTERNAL_URL = /url\s*\(\s*(?!['"]?#)/i;
const SVG_NS = 'http://www.w3.org/2000/svg';
const ROOT_ATTRIBUTES = new Set([
  'viewBox',
  'width',
  'height',
  'preserveAspectRatio',
  'font-family',
  'font-size',
  'class',
  'role',
]);
const DANGEROUS_STYLE = /expression\s*\(|@import|javascript:|behavior\s*:/i;

export interface SvgSanitizer {
  /** The sanitised SVG element, or null when nothing drawable is left. */
  sanitize(svgText: string): SVGSVGElement | null;
  /** Entries DOMPurify still holds of what it removed from the last image (for tests). */
  removedHeld(): number;
}

/** One sanitiser per window (the page's, or a test DOM's). */
export function createSvgSanitizer(window: WindowLike): SvgSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name.startsWith('on')) {
      data.keepAttr = false;
      return;
    }
    if (name === 'href' || name === 'xlink:href') {
      const tag = node.nodeName.toLowerCase();
      const ok = value.startsWith('#')
        ? tag !== 'a'
        : tag === 'a'
          ? IMAGE_LINK.test(value)
          : tag === 'image' && EMBEDDED_RASTER.test(value);
      if (!ok) data.keepAttr = false;
      // NOTE: DOMPurify re-checks URIs after this hook; data: images must be allowed here.
      if (ok && tag === 'image') data.forceKeepAttr = true;
      return;
    }
    if (name === 'style' && (EXTERNAL_URL.test(value) || DANGEROUS_STYLE.test(value))) {
      data.keepAttr = false;
      return;
    }
    if (EXTERNAL_URL.test(value)) data.keepAttr = false;
  });
  return {
    removedHeld: () => purify.removed.length,
    sanitize(svgText) {
      // Parsed as XML, as an SVG file is (prolog, namespaces, CDATA); the tree is then
      // sanitised, and only allowlisted attributes of the root are carried over.
      const doc = new window.DOMParser().parseFromString(svgText, 'image/svg+xml');
      const root = doc.documentElement;
      if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;
      // NOTE: the parsed node is handed over, not its text: re-parsing XML as HTML would let
      // `<script/>` or raw-text elements swallow what follows them.
      const fragment = purify.sanitize(root, {
        USE_PROFILES: { svg: true, svgFilters: true },
        FORBID_TAGS: [
          'script',
          'foreignObject',
          'style',
          'iframe',
          'object',
          'embed',
          'audio',
          'video',
        ],
        FORBID_ATTR: ['target', 'formaction', 'srcdoc', 'src'],
        ADD_ATTR: ['tabindex', 'role', 'aria-label'],
        ALLOW_DATA_ATTR: true,
        RETURN_DOM_FRAGMENT: true,
      });
      // DOMPurify keeps what it removed until the next call: here the parsed document of the
      // whole image (1.4 MB of a 1,000-value image's tab). Nothing reads it.
      purify.removed.length = 0;
      const svg = window.document!.createElementNS(SVG_NS, 'svg') as unknown as SVGSVGElement;
      for (const name of root.getAttributeNames()) {
        const value = root.getAttribute(name) ?? '';
        if (ROOT_ATTRIBUTES.has(name) || /^(data|aria)-[a-z0-9-]+$/.test(name)) {
          if (!EXTERNAL_URL.test(value)) svg.setAttribute(name, value);
        }
      }
      // NOTE: browsers keep the sanitised <svg> root; some DOMs drop it and leave its children.
      const first = fragment.firstElementChild;
      const source = first && first.localName === 'svg' ? first : fragment;
      while (source.firstChild) svg.appendChild(source.firstChild);
      enforce(svg);
      return svg;
    },
  };
}

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'style',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'discard',
  'handler',
  'listener',
]);

function hrefAllowed(tag: string, value: string): boolean {
  if (value.startsWith('#')) return tag !== 'a';
  if (tag === 'a') return IMAGE_LINK.test(value);
  return tag === 'image' && EMBEDDED_RASTER.test(value);
}

/**
 * The same rules once more over the result, so that the guarantee does not rest on one
 * library's behaviour in every DOM implementation (a second, independent pass).
 */
function enforce(svg: Element): void {
  for (const el of [svg, ...svg.querySelectorAll('*')]) {
    const tag = el.localName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) {
      el.remove();
      continue;
    }
    for (const name of el.getAttributeNames()) {
      const lower = name.toLowerCase();
      const value = (el.getAttribute(name) ?? '').trim();
      const bad =
        lower.startsWith('on') ||
        ((lower === 'href' || lower === 'xlink:href') && !hrefAllowed(tag, value)) ||
        (lower === 'style' && DANGEROUS_STYLE.test(value)) ||
        EXTERNAL_URL.test(value) ||
        /^\s*(javascript|vbscript):/i.test(value);
      if (bad) el.removeAttribute(name);
    }
  }
}
