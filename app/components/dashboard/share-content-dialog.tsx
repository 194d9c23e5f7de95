import { useState } from "react";
import { ModalDialog, type ModalDialogControl } from "~/components/ui/modal-dialog";
import type { ContentMatch } from "~/domain/content-search";
import { ContentPicker, DialogHeader } from "./content-picker";
import { ShareLink } from "./share-link";

/** Pick an item (recent ones, or search by title or tag) and copy its link. */
export function ShareContentDialog({ control, recent }: { control: ModalDialogControl; recent: ContentMatch[] }) {
  return (
    <ModalDialog control={control} labelledBy="share-content-title" className="max-w-lg">
      <DialogHeader id="share-content-title" title="Share content" onClose={() => control.close()} />
      {/* Each closing resets it for the next opening. */}
      <SharePicker key={control.closings} recent={recent} />
    </ModalDialog>
  );
}

function SharePicker({ recent }: { recent: ContentMatch[] }) {
  const [picked, setPicked] = useState<ContentMatch | null>(null);
  return (
    <div className="space-y-4 p-5">
      <ContentPicker id="share" recent={recent} picked={picked} onPick={setPicked} />
      {picked ? <ShareLink key={picked.id} item={picked} /> : <p className="text-sm text-slate-500">Pick an item to get its link.</p>}
    </div>
  );
}
