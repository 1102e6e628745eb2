import { Activity, startTransition } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'react-router';
import type { Navigator } from 'react-router';
import { ContentType, MessageStatus, MsgFrom, PLATFORM_WEB, SessionType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { NavHeader } from '../../components/nav-header';
import { inIdlePeriods } from '../../router/first-screen';
import { splitLinks } from '../../utils/linkify';
import { ChatScreen } from './chat-screen';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { MessageRow } from './message-row';
import styles from './chat-page.module.css';

/** Rows of both sides, a time line and an own message's mark: what the newest page shows. */
const SAMPLE_ROWS = 3;
const GIVE_UP_MS = 5000;
/** Virtuoso's scroll to the newest row waits up to four frames after it mounts. */
const LIST_SETTLE_FRAMES = 4;
/** The other stages are kept for one frame: their styles matched and laid out once. */
const PAINT_FRAMES = 1;
const SELF_ID = 'warmup-self';
const PEER_ID = 'warmup-peer';
const noop = () => undefined;
/** Its router goes nowhere: nothing the warm-up renders can change the app's location. */
const inert: Navigator = { createHref: () => '#', go: noop, push: noop, replace: noop };

/** Text messages of a chat that does not exist: built here, never stored or sent. */
function sampleMessages(): MessageItem[] {
  const start = Date.now() - 60 * 60_000;
  return Array.from({ length: SAMPLE_ROWS }, (_, index) => {
    const own = index % 2 === 1;
    const sendTime = start + index * 60_000;
    return {
      clientMsgID: `warmup-${index}`,
      serverMsgID: `warmup-${index}`,
      conversationID: 'warmup',
      seq: index + 1,
      sendID: own ? SELF_ID : PEER_ID,
      recvID: own ? PEER_ID : SELF_ID,
      groupID: '',
      senderNickname: own ? '' : PEER_ID,
      senderFaceUrl: '',
      senderPlatformID: PLATFORM_WEB,
      sessionType: SessionType.Single,
      contentType: ContentType.Text,
      msgFrom: MsgFrom.User,
      createTime: sendTime,
      sendTime,
      status: MessageStatus.Succeeded,
      isRead: true,
      textElem: { content: `${PEER_ID} ${index}` },
    };
  });
}

/** Calls `then` when rendered: last in a stage, after the parts before it. */
function Rendered({ then }: { then: () => void }) {
  then();
  return null;
}

const chatTarget = {
  conversationID: 'si_warmup',
  sessionType: SessionType.Single,
  userID: PEER_ID,
  groupID: '',
};

/**
 * The stages, each rendered and removed in an idle period of its own, so that no one task holds the
 * compile of all of them: the header and the composer; sample rows; the history (Virtuoso) at its
 * newest with those rows; the chat screen itself, hidden. React renders a hidden Activity's content but mounts none of its
 * effects, so the screen's hooks run as on an open without opening a timeline, marking anything read
 * or asking the server for anything. Each is kept on the page for the frames its parts need: the list
 * for Virtuoso's frame-timed scroll to its newest row, the others for one rendering.
 */
const stages: ReadonlyArray<{ render: () => ReactNode; frames: number }> = [
  {
    frames: PAINT_FRAMES,
    render: () => (
      <div className="page">
        <NavHeader title={PEER_ID} />
        <Composer value="" onChange={noop} onSend={noop} onTyping={noop} />
      </div>
    ),
  },
  {
    frames: PAINT_FRAMES,
    render: () =>
      sampleMessages().map((message, index, all) => (
        <MessageRow
          key={message.clientMsgID}
          message={message}
          previous={all[index - 1]}
          selfID={SELF_ID}
          showSenderName={false}
          onMenu={noop}
          onResend={noop}
        />
      )),
  },
  {
    frames: LIST_SETTLE_FRAMES,
    render: () => (
      <main className={styles.body}>
        <MessageList
          messages={sampleMessages()}
          firstItemIndex={0}
          hasMore={false}
          loading={false}
          selfID={SELF_ID}
          isGroup={false}
          onStartReached={noop}
          onMenu={noop}
          onResend={noop}
        />
      </main>
    ),
  },
  {
    frames: PAINT_FRAMES,
    render: () => (
      <Activity mode="hidden">
        <ChatScreen target={chatTarget} />
      </Activity>
    ),
  },
];

function afterFrames(count: number, then: () => void): void {
  if (count === 0) then();
  else requestAnimationFrame(() => afterFrames(count - 1, then));
}

/**
 * An element on the page that nobody sees, reaches or hears: out of the window, hidden, inert and
 * hidden from assistive technology, the window's size so that its content lays out as a screen
 * does, and laid out apart from the rest of the page (`contain: strict`).
 */
function unseenHost(): HTMLElement {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.className = styles.warmup;
  host.style.width = `${window.innerWidth}px`;
  host.style.height = `${window.innerHeight}px`;
  // A click in it goes no further than React's listener on it (the warm-up's own, see below).
  host.addEventListener('click', (event) => event.stopPropagation());
  document.body.append(host);
  return host;
}

/**
 * Renders one stage into an unseen element on the page, then removes it. On the page, the list's
 * rows are really measured and scrolled to (Virtuoso's measuring paths run as at an open) and the
 * chat's styles are matched and laid out once; a click on it runs React's event dispatch, which the
 * tap on a chat would otherwise run for the first time.
 */
function renderStage(stage: () => ReactNode, frames: number): Promise<void> {
  return new Promise((resolve) => {
    let finished = false;
    const host = unseenHost();
    const root = createRoot(host, {
      onUncaughtError: () => finish(),
      onRecoverableError: noop,
    });
    function finish() {
      if (finished) return;
      finished = true;
      // Kept for the frames the stage needs (the list's are Virtuoso's frame-timed work: it scrolls
      // to the newest row in the frames after it mounts), then unmounted in a task of its own:
      // leaving a chat's paths are compiled too.
      afterFrames(frames, () =>
        setTimeout(() => {
          host.firstElementChild?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          root.unmount();
          host.remove();
          resolve();
        }),
      );
    }
    startTransition(() =>
      root.render(
        <Router location="/chat" navigator={inert}>
          {stage()}
          {/* A hidden stage renders after the visible parts commit: this waits for it too. */}
          <Activity mode="hidden">
            <Rendered then={finish} />
          </Activity>
        </Router>,
      ),
    );
    // A part that suspends keeps the stage from rendering to its end: it is not waited for.
    setTimeout(finish, GIVE_UP_MS);
  });
}

/**
 * Renders the chat screen's parts once, with sample messages, unseen, then removes them
 * (docs/decisions.md#first-screen). V8 compiles a function on its first call, and the code cache a
 * later start reads holds only what ran while each script loaded, so the first chat open of every
 * app start spent much of its time compiling react-dom's, react-virtuoso's and the chat's own code.
 * Each stage renders as a transition, in slices of a few milliseconds, in an idle period of its own.
 * A warm-up that fails changes nothing: the chat still opens as before.
 */
export function warmChatCode(idle: (task: () => void) => void): Promise<void> {
  return inIdlePeriods(
    [
      // linkify-it's patterns compile on their first match: a task of its own, not part of the rows'.
      () => splitLinks(`https://${PEER_ID}.example www.${PEER_ID}.example`),
      ...stages.map((stage) => () => renderStage(stage.render, stage.frames)),
    ],
    idle,
  );
}
