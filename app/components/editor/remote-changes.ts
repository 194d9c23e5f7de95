// What arrives from the shared document (the text as it loads, others' typing, an agent, a restore) is
// shown as it is: the editor's link helper makes links of addresses this member types, not of those in
// text that arrives. Otherwise merely opening an item would change its text and count as an edit
// (issue 33). (TipTap's trailing empty paragraph is off in rich-text.ts for the same reason.)
import { Extension } from "@tiptap/core";
import { isChangeOrigin } from "@tiptap/extension-collaboration";
import { Plugin, PluginKey } from "@tiptap/pm/state";

export const ShowOthersChangesAsTheyAre = Extension.create({
  name: "showOthersChangesAsTheyAre",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("showOthersChangesAsTheyAre"),
        // Runs before the link helper's appendTransaction, which honours the flag.
        filterTransaction(tr) {
          if (isChangeOrigin(tr)) tr.setMeta("preventAutolink", true);
          return true;
        },
      }),
    ];
  },
});
