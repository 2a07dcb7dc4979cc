-- The Subscribers tab filtered by status (Subscribed, Unsubscribed), and its CSV export (the
-- subscribed addresses by default), read the list's order within one status, as the inbox does
-- with enquiries_status_order_idx: without this index, a page deep into the subscribed ones walked
-- the whole list's index and read each row to test its status, and counting them read the table.
create index subscribers_status_order_idx on subscribers (status, subscribed_at desc, id desc);
