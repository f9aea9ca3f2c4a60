// The boxes of the elements axsynth's selectors name, and which of them can be seen.
// Evaluated by axsynth.screenshot (browser.py) in a page whose own scripts are off; it
// changes nothing in the page.
//
// A target is found by its path (element-child indexes from the document, one list per
// tree: a shadow tree's after its host's), which costs a few steps however large the page;
// its selector is checked (it must match that element and no other) for the targets that
// get labels, in a second call, since matching every selector would cost a walk of the
// whole page each.
//
// request = {targets, fullPage, frames, origin, clip}:
//   targets    [{path, tag}], in axsynth's tree order
//   frames     [{path, selector}] of the iframes whose content boxes are wanted
//   origin     where this frame's (0, 0) is in the image (a child frame); default: the
//              top frame's, which scrolls with the image in a full-page capture
//   clip       the part of the image this frame shows; default: the viewport, or the
//              whole document in a full-page capture
// request = {verify: [{selector, path}]}: whether each selector matches exactly the element at its path.
// request = {find: path}: the element itself (to enter its frame).
//
// Each target is unmatched (no element of its tag at its path: the browser's page differs),
// hidden (checkVisibility), zeroSize, offscreen (outside the clip), covered (a hit test at
// every sample point of its visible part lands on something else: a click would not reach
// it) or visible. Boxes are in image pixels, edges rounded to whole pixels.
(request) => {
  const splitShadow = (selector) => {
    // " >>> " outside quotes and brackets separates a shadow host's selector from the path inside it.
    const parts = [];
    let start = 0, quote = null, depth = 0;
    for (let i = 0; i < selector.length; i++) {
      const c = selector[i];
      if (c === "\\") { i++; continue; }
      if (quote) { if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") quote = c;
      else if (c === "[" || c === "(") depth++;
      else if (c === "]" || c === ")") depth--;
      else if (depth === 0 && selector.startsWith(" >>> ", i)) {
        parts.push(selector.slice(start, i));
        start = i + 5;
        i += 4;
      }
    }
    parts.push(selector.slice(start));
    return parts;
  };
  const depthBelow = (el, root) => {
    let n = 0;
    for (let node = el; node && node !== root; node = node.parentNode) n++;
    return n;
  };
  const findAll = (selector) => {
    const [first, ...inside] = splitShadow(selector);
    let found;
    try {
      found = Array.from(document.querySelectorAll(first));
      for (const path of inside) {
        const steps = path.split(" > ").length;  // the path from the shadow root, one step per level
        found = found.flatMap((host) => host.shadowRoot
          ? Array.from(host.shadowRoot.querySelectorAll(path)).filter((el) => depthBelow(el, host.shadowRoot) === steps)
          : []);
      }
    } catch (e) {
      return [];  // a selector this browser does not parse: unmatched
    }
    return found;
  };
  const locate = (path) => {
    let node = document;
    for (let tree = 0; tree < path.length; tree++) {
      if (tree > 0 && !(node = node.shadowRoot)) return null;
      for (const i of path[tree]) if (!(node = node.children[i])) return null;
    }
    return node;
  };
  const verified = ({ selector, path }) => {
    const found = findAll(selector);
    return found.length === 1 && found[0] === locate(path);
  };
  if (request.find !== undefined) return locate(request.find);
  if (request.verify !== undefined) return request.verify.map(verified);

  const root = document.documentElement, body = document.body || root;
  const vw = window.visualViewport ? window.visualViewport.width : window.innerWidth;
  const vh = window.visualViewport ? window.visualViewport.height : window.innerHeight;
  // The document's size as Playwright measures it for a full-page screenshot.
  const docWidth = Math.max(body.scrollWidth, root.scrollWidth, body.offsetWidth, root.offsetWidth, body.clientWidth, root.clientWidth);
  const docHeight = Math.max(body.scrollHeight, root.scrollHeight, body.offsetHeight, root.offsetHeight, body.clientHeight, root.clientHeight);
  const shift = request.origin || (request.fullPage ? { x: window.scrollX, y: window.scrollY } : { x: 0, y: 0 });
  const clip = request.clip || (request.fullPage
    ? { left: 0, top: 0, right: docWidth, bottom: docHeight }
    : { left: 0, top: 0, right: vw, bottom: vh });

  const boxOf = (el) => {
    const r = el.getBoundingClientRect();
    const x = Math.round(r.left + shift.x), y = Math.round(r.top + shift.y);
    return { x, y, width: Math.round(r.right + shift.x) - x, height: Math.round(r.bottom + shift.y) - y, rect: r };
  };
  const stateOf = (el, box) => {
    if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return "hidden";
    if (box.width <= 0 || box.height <= 0) return "zeroSize";
    if (box.x + box.width <= clip.left || box.x >= clip.right || box.y + box.height <= clip.top || box.y >= clip.bottom) return "offscreen";
    return "visible";
  };
  const reaches = (el, hit) => {
    if (hit === el || el.contains(hit)) return true;
    const label = hit.closest("label");
    if (label && label.control === el) return true;  // a click on its label activates it
    return el.localName === "option" && hit === el.closest("select");
  };
  const SAMPLES = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8], [0.5, 0.2], [0.5, 0.8], [0.2, 0.5], [0.8, 0.5]];
  const covered = (el, box) => {
    if (getComputedStyle(el).pointerEvents === "none") return false;  // hit tests pass through it: cannot tell
    // Its visible part, in this frame's client coordinates.
    const left = Math.max(box.rect.left, clip.left - shift.x, 0), right = Math.min(box.rect.right, clip.right - shift.x, vw);
    const top = Math.max(box.rect.top, clip.top - shift.y, 0), bottom = Math.min(box.rect.bottom, clip.bottom - shift.y, vh);
    if (right <= left || bottom <= top) return false;  // below the fold of a full-page capture: cannot tell
    const scope = el.getRootNode().elementFromPoint ? el.getRootNode() : document;
    for (const [fx, fy] of SAMPLES) {
      const hit = scope.elementFromPoint(left + fx * (right - left), top + fy * (bottom - top));
      if (!hit || reaches(el, hit)) return false;
    }
    return true;
  };

  const counts = { unmatched: 0, hidden: 0, zeroSize: 0, offscreen: 0, covered: 0 };
  const items = [];
  request.targets.forEach(({ path, tag }, i) => {
    const el = locate(path);
    if (!el || el.localName !== tag) { counts.unmatched++; return; }
    const box = boxOf(el);
    let state = stateOf(el, box);
    if (state === "visible" && covered(el, box)) state = "covered";
    if (state === "visible") items.push({ i, x: box.x, y: box.y, width: box.width, height: box.height });
    else counts[state]++;
  });

  const frames = (request.frames || []).map(({ path, selector }) => {
    if (!verified({ selector, path })) return { state: "unmatched" };
    const el = locate(path), box = boxOf(el), style = getComputedStyle(el);
    let state = stateOf(el, box);
    if (state === "visible" && covered(el, box)) state = "covered";
    // Its content box (the child frame's viewport), in image pixels, not rounded.
    const x = box.rect.left + shift.x + el.clientLeft + parseFloat(style.paddingLeft);
    const y = box.rect.top + shift.y + el.clientTop + parseFloat(style.paddingTop);
    const width = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return { state, x, y, width, height };
  });
  const view = { width: vw, height: vh, documentWidth: docWidth, documentHeight: docHeight, readyState: document.readyState };
  return { items, counts, frames, view };
}
