// Draws the labels (an SVG made by labels.py) over the page, just before the screenshot.
// The overlay is a popover in the top layer, above every stacking context and unclipped
// by any ancestor; its content sits in a closed shadow root, out of reach of the page's
// selectors, and its inline !important styles outrank the page's. It is added after the
// boxes were measured and is not hit-testable, so it changes nothing that was measured.
//
// request = {svg, width, height, fullPage}
(request) => {
  const host = document.createElement("axsynth-annotations");
  host.setAttribute("popover", "manual");
  const position = request.fullPage ? "absolute" : "fixed";
  host.style.cssText = [
    "all: initial", `position: ${position}`, "left: 0", "top: 0", "right: auto", "bottom: auto", "margin: 0",
    "padding: 0", "border: 0", "inset: 0 auto auto 0", `width: ${request.width}px`, `height: ${request.height}px`,
    "max-width: none", "max-height: none", "overflow: visible", "background: transparent", "display: block",
    "pointer-events: none", "opacity: 1", "transform: none", "filter: none", "z-index: 2147483647",
  ].map((declaration) => declaration + " !important").join("; ");
  const shadow = host.attachShadow({ mode: "closed" });
  shadow.innerHTML = request.svg;
  document.documentElement.appendChild(host);
  host.showPopover();
  return true;
}
