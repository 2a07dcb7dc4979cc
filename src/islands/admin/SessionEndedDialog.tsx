/**
 * Over the panel when the server has ended the session: the password again, with the panel and
 * its half-written forms left as they were underneath. Only signing in or Logout closes it. Signed
 * in, it says what was pressed as the session ended and is not done ($notDone), if anything.
 */
import * as Dialog from '@radix-ui/react-dialog';
import DialogFrame from '../ui/DialogFrame';
import LogoutButton from './LogoutButton';
import SignInFields, { useSignIn } from './SignInFields';
import { Button } from './ui';
import { sessionEndedCopy } from '../../content/admin';
import { useStore } from '../../stores/use-store';
import { $notDone } from './session';

export default function SessionEndedDialog({ username }: { username: string }) {
  const notDone = useStore($notDone);
  const signIn = useSignIn({ username, granted: sessionEndedCopy.signedInAgain(notDone) });

  return (
    // Open for as long as it is rendered; Escape and the overlay do not close it.
    <Dialog.Root open>
      <DialogFrame title={sessionEndedCopy.title} description={sessionEndedCopy.description} look="admin" width="md">
        <form onSubmit={signIn.submit} className="mt-5 grid gap-4" aria-busy={signIn.pending}>
          <SignInFields form={signIn} focusPassword />
          <div className="mt-2 flex justify-end gap-3">
            <LogoutButton label={sessionEndedCopy.signOut} />
            <Button type="submit" disabled={!signIn.ready} pending={signIn.pending}>
              {sessionEndedCopy.submit}
            </Button>
          </div>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
