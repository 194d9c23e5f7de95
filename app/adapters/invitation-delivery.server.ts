/** How an invitation reaches the invitee. Add an SMTP implementation here when a mail server exists. */
export interface InvitationDelivery {
  readonly name: string;
  send(invite: { to: string; link: string; role: string; invitedBy: string }): Promise<{ delivered: boolean }>;
}

/** No mail server: nothing is sent, and the Admin is shown the link to pass on. */
export const showLinkToAdmin: InvitationDelivery = {
  name: "link shown to the admin",
  async send() {
    return { delivered: false };
  },
};

export function invitationDelivery(): InvitationDelivery {
  return showLinkToAdmin;
}
