// Everything the editor does only once the admin acts, in one chunk fetched on first use (the
// editor starts it when the admin first points at or focuses it): the buttons' arithmetic,
// following a typed percentage, removing lines, saving and reading back drafts, asking the app
// for the gift again. One chunk rather than four: each lazy module costs a loader entry in the
// page's first load.
export { readDraft, sameGift } from "./draft-restore";
export { installDraftSaving } from "./draft-save";
export { fetchGift } from "./fetch-gift";
export {
  addLine,
  distribute,
  fillParent,
  followPercent,
  putRemainder,
  removeLine,
  settle,
  splitEvenly,
  undoRemove,
} from "./line-edits";
