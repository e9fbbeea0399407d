// The shared UI kit. Every component renders on the server and works inside hydrated islands.
export * from "./button.tsx";
export * from "./class_names.ts";
export * from "./confirm_dialog.tsx";
export * from "./data_table.tsx";
export * from "./date_input.tsx";
export * from "./dialog.tsx";
export * from "./error_dialog.tsx";
export * from "./fab.tsx";
export * from "./field.tsx";
export * from "./filter_panel.tsx";
export * from "./page_size_picker.tsx";
export * from "./paginator.tsx";
export * from "./progress_bar.tsx";
export * from "./select.tsx";
export * from "./spinner.tsx";
export * from "./tabs.tsx";
export * from "./toast.tsx";
