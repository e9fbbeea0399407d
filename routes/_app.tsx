import type { LayoutProps } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";

export default function App({ Component, state, breadcrumbs }: LayoutProps<AppState>) {
  const title = [state.t("app.name"), ...breadcrumbs.map((b) => state.t(b.titleKey))].join(" > ");
  return (
    <html lang={state.lang} data-i18n-version={state.i18nVersion}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href={state.css} />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
      </head>
      <body class="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">
        <Component />
      </body>
    </html>
  );
}
