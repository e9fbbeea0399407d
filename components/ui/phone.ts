/** Under 768 px: where an open filter panel would push the list off the first screen. */
export const onPhone = () => matchMedia("(width < 48rem)").matches;
