/**
 * `globalThis.IN_BROWSER_BUNDLE`: true in the JavaScript the build ships to browsers, undefined on the server.
 * The build (framework/build.ts) replaces the expression with `true` as it parses each module, so a branch
 * that only the server takes — and what only that branch uses — is left out of the bundles. Write it at the
 * branch itself: copied into a constant, or read from another module, it is folded only after the bundler
 * has decided what to keep. components/ui/icons.tsx draws the side menu's icons on the server this way and
 * keeps, in the browser, what the server drew.
 */
declare global {
  var IN_BROWSER_BUNDLE: true | undefined;
}

export {};
