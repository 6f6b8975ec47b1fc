/**
 * The conversation open in the store's inbox keeps its header (the customer's name) and its controls
 * (resolve / re-open, the customer's details) whatever the list's filter: opened by a link while the tab
 * shown leaves it out, answered while «بانتظار الرد» is shown, resolved while «مفتوحة» is.
 */
import type { ConversationWithMessages, InboxConversation, InboxFilter, Paged } from '@agrivet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversation, createMessage, createUser } from '@test/factories';
import { fakeApi, type Recorded, restoreApi } from '@test/fake-api';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { inboxKeys } from '@/api/inbox';
import { useSession } from '@/stores/session';
import { DashboardSlotsProvider } from '@/features/dashboard/lib/slots';
import StoreChatsRoute from '@/features/dashboard/routes/store-chats';
import { paged } from './factories';

afterEach(() => {
  restoreApi();
  useSession.getState().clear();
});

const STORE_USER = { id: 2, name: 'مالك الصيدلية', image: null };

function row(id: number, name: string, overrides: Partial<InboxConversation> = {}): InboxConversation {
  return {
    ...createConversation({
      id,
      sender: { id: 10 + id, name, image: null },
      receiver: STORE_USER,
      store_id: 4,
      last_message: createMessage({ id: 100 + id, user_id: 10 + id, conversation_id: id, message: 'مرحبا' }),
    }),
    needs_reply: false,
    waiting_since: null,
    resolved: false,
    customer: { id: 10 + id, name, phone: `09550000${id}`, image: null, province: 1, orders_count: 0 },
    ...overrides,
  };
}

const thread = (c: InboxConversation): ConversationWithMessages => {
  const { needs_reply: _, waiting_since: __, resolved: ___, customer: ____, ...conversation } = c;
  return { ...conversation, messages: c.last_message ? [c.last_message] : [], has_more: false };
};

/** Answers the inbox from `rows` as the API filters them (a search matches the customer's name; `id` one row). */
function inboxApi(rows: () => InboxConversation[]): Recorded[] {
  return fakeApi((req) => {
    if (req.path === 'conversation/inbox') {
      const id = req.params?.id === undefined ? undefined : Number(req.params.id);
      const filter = (req.params?.filter ?? (id === undefined ? 'open' : 'all')) as InboxFilter;
      const q = String(req.params?.q ?? '');
      const shown = rows().filter(
        (c) =>
          (id === undefined || c.id === id) &&
          (filter === 'all' ||
            (filter === 'open' && !c.resolved) ||
            (filter === 'resolved' && c.resolved) ||
            (filter === 'needs_reply' && !c.resolved && c.needs_reply)) &&
          (q === '' || c.customer.name.includes(q)),
      );
      return { data: paged(shown, { per_page: 30 }) satisfies Paged<InboxConversation> };
    }
    const get = /^conversation\/get\/(\d+)$/.exec(req.path);
    if (get) {
      const c = rows().find((r) => r.id === Number(get[1]));
      return c ? { data: thread(c) } : undefined;
    }
    if (req.path === 'conversation/resolve/5') {
      const c = rows().find((r) => r.id === 5);
      if (c) c.resolved = (req.body as { resolved: boolean }).resolved;
      return { data: c };
    }
    if (req.path === 'product/getAll') return { data: paged([]) };
    if (req.path === 'order/getAll-byStore') return { data: paged([]) };
    return undefined;
  });
}

function renderInbox(route: string) {
  signInForTest({ token: 't', user: createUser({ id: 2, type: 1, has_store: true }) });
  return renderWithProviders(
    <DashboardSlotsProvider slots={{ ChatThread: () => <p>the thread</p> }}>
      <StoreChatsRoute />
    </DashboardSlotsProvider>,
    { route },
  );
}

const header = () => within(screen.getByTestId('dashboard-thread'));

describe('the open conversation of the store inbox', () => {
  it('opened by a link while the tab shown («بانتظار الرد») leaves it out: its customer and controls', async () => {
    const rows = [
      row(3, 'ياسر حمدان', { needs_reply: true, waiting_since: '2026-01-01T00:00:00.000Z' }),
      row(5, 'محمود العلي'),
    ];
    inboxApi(() => rows);
    renderInbox('/dashboard/chats?c=5');
    expect(await header().findByRole('heading', { name: 'محمود العلي' })).toBeInTheDocument();
    expect(await header().findByRole('button', { name: 'إنهاء المحادثة' })).toBeInTheDocument();
    expect(header().getByTestId('customer-panel')).toBeInTheDocument();
    // the list still shows the tab's rows only
    expect(screen.getAllByTestId('inbox-row')).toHaveLength(1);
    expect(await screen.findByText('the thread')).toBeInTheDocument();
  });

  it('answered while «بانتظار الرد» is shown, then resolved: the header stays and says «إعادة فتح»', async () => {
    const rows = [row(5, 'محمود العلي', { needs_reply: true, waiting_since: '2026-01-01T00:00:00.000Z' })];
    inboxApi(() => rows);
    const { queryClient } = renderInbox('/dashboard/chats?f=needs_reply&c=5');
    expect(await header().findByRole('button', { name: 'إنهاء المحادثة' })).toBeInTheDocument();
    // the store replies: the push refreshes the lists, «بانتظار الرد» no longer holds it
    rows[0] = { ...rows[0], needs_reply: false, waiting_since: null };
    await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    await waitFor(() => expect(screen.queryAllByTestId('inbox-row')).toHaveLength(0));
    expect(header().getByRole('heading', { name: 'محمود العلي' })).toBeInTheDocument();
    fireEvent.click(header().getByRole('button', { name: 'إنهاء المحادثة' }));
    expect(await header().findByRole('button', { name: 'إعادة فتح' })).toBeInTheDocument();
    expect(header().getByRole('heading', { name: 'محمود العلي' })).toBeInTheDocument();
    expect(header().getByTestId('customer-panel')).toBeInTheDocument();
  });

  it('resolved while «مفتوحة» is shown: it leaves the list, the header says «إعادة فتح» and re-opens it', async () => {
    const rows = [row(5, 'محمود العلي')];
    inboxApi(() => rows);
    renderInbox('/dashboard/chats?f=open&c=5');
    fireEvent.click(await header().findByRole('button', { name: 'إنهاء المحادثة' }));
    await waitFor(() => expect(screen.queryAllByTestId('inbox-row')).toHaveLength(0));
    fireEvent.click(await header().findByRole('button', { name: 'إعادة فتح' }));
    expect(await header().findByRole('button', { name: 'إنهاء المحادثة' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('inbox-row')).toHaveLength(1);
  });
});

describe('an empty inbox tab', () => {
  it('says what the tab lacks while the store has conversations, and «بعد» only when it has none', async () => {
    let rows = [row(5, 'محمود العلي')];
    inboxApi(() => rows);
    const { unmount } = renderInbox('/dashboard/chats?f=resolved');
    expect(await screen.findByText('لا توجد محادثات منتهية')).toBeInTheDocument();
    expect(screen.queryByText('لا توجد محادثات بعد')).toBeNull();
    unmount();
    rows = [];
    renderInbox('/dashboard/chats?f=resolved');
    expect(await screen.findByText('لا توجد محادثات بعد')).toBeInTheDocument();
  });

  it('a search that finds nothing: «لا توجد محادثات مطابقة»', async () => {
    inboxApi(() => [row(5, 'محمود العلي')]);
    renderInbox('/dashboard/chats?f=all');
    await screen.findAllByTestId('inbox-row');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'سماد' } });
    expect(await screen.findByText('لا توجد محادثات مطابقة', undefined, { timeout: 3000 })).toBeInTheDocument();
  });
});
