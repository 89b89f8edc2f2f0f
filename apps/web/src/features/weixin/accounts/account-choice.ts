/**
 * The account a list of one account's things shows (followers, media): the one the address names when it is one of the
 * customer's accounts, else the first; none before the accounts have come or when there is none.
 */
export function chosenAccount(value: string | undefined, accounts: readonly { id: number }[] | undefined): number | undefined {
  const named = accounts?.find((a) => String(a.id) === value);
  return (named ?? accounts?.[0])?.id;
}
