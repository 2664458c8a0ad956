// /docs: Swagger UI drawn from /openapi.json, from the files shipped in the package (this file
// rather than a script in the page, which the Content-Security-Policy would refuse).
window.addEventListener("load", function () {
  "use strict";
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
});
