// /docs: Swagger UI drawn from /openapi.json, from the files shipped in the package (this file
// rather than a script in the page, which the Content-Security-Policy would refuse).
window.addEventListener("load", function () {
  "use strict";
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    // no deep links: Swagger UI draws each as a link inside its operation's button (a control
    // within a control, which a screen reader cannot reach)
    deepLinking: false,
    showExtensions: true,
    showCommonExtensions: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
  // Swagger UI draws the request body's box ("Try it out") with no label, and code blocks
  // that scroll sideways (the curl command) with no way to reach them by keyboard: each is
  // named, or made focusable, here whenever Swagger UI draws one.
  new MutationObserver(function () {
    document.querySelectorAll("#swagger-ui textarea:not([aria-label])").forEach(function (box) {
      box.setAttribute("aria-label", box.classList.contains("body-param__text") ? "request body (JSON)" : "value");
    });
    document.querySelectorAll("#swagger-ui pre.microlight:not([tabindex])").forEach(function (code) {
      code.tabIndex = 0;
    });
  }).observe(document.getElementById("swagger-ui"), { childList: true, subtree: true });
});
