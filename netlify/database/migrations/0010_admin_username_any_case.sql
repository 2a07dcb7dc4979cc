-- An admin signs in with their address in any letter case (the lookup compares lower(username)),
-- so two accounts whose usernames differ only in case would be one sign-in with two passwords.
-- The table refuses the second one itself, whatever two requests race to create it, and the
-- sign-in lookup reads this index. Accounts that already clash stop the migration with what to do:
-- which of them to keep is the firm's choice, not a migration's.
do $$
begin
  if exists (select 1 from users group by lower(username) having count(*) > 1)
     or exists (select 1 from users group by lower(email) having count(*) > 1) then
    raise exception 'Two admin accounts share one address in different letter case. Delete the one not in use (delete from users where id = ...), then deploy again.';
  end if;
end
$$;
create unique index users_username_lower_key on users (lower(username));
create unique index users_email_lower_key on users (lower(email));
