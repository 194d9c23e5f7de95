import { NOTIFICATION_EVENTS, NOTIFICATION_LABELS, type NotificationEvent } from "~/domain/notifications";
import { SwitchField } from "./form-fields";
import { SectionFieldset } from "./section-fieldset";

/** Each member's own choice of what rings the bell; saved with Save Changes. */
export function NotificationsPanel({ prefs }: { prefs: Record<NotificationEvent, boolean> }) {
  return (
    <SectionFieldset section="notifications" allowed lockedNote="">
      <h2 className="text-base font-semibold">Notify me when</h2>
      <p className="mt-1 text-sm text-slate-500">These choices are yours alone; teammates choose their own.</p>
      <div className="mt-2 divide-y divide-slate-100">
        {NOTIFICATION_EVENTS.map((event) => (
          <SwitchField
            key={event}
            name="notify"
            value={event}
            label={NOTIFICATION_LABELS[event].title}
            hint={NOTIFICATION_LABELS[event].hint}
            defaultChecked={prefs[event]}
          />
        ))}
      </div>
    </SectionFieldset>
  );
}
