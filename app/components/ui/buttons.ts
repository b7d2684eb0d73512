// The small action buttons of the dashboard tables, as class names. Their styles are
// component classes in styles/app.css (.btn-sm and its colours): a table repeats them
// on every row.
export const smallButton = "btn-sm";
export const primaryButton = "btn-sm btn-primary";
export const outlineButton = "btn-sm btn-outline";
export const dangerButton = "btn-sm btn-danger";
export const accentButton = "btn-sm btn-accent";
export const disabledButton = "btn-sm btn-off";
