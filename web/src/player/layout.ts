/** Where the expanded player and the full-screen page switch to two columns (Mantine's md breakpoint, 992 px). */
export const WIDE_PLAYER_QUERY = '(min-width: 62em)';
