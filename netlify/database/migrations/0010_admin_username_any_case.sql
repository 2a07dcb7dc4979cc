-- An admin signs in with their address in any letter case (the lookup compares lower(username)),
-- so two accounts whose usernames differ only in case would be one sign-in with two passwords.
-- The table refuses the second one itself, whatever two requests race to create it, and the
-- sign-in lookup reads this index.
create unique index users_username_lower_key on users (lower(username));
create unique index users_email_lower_key on users (lower(email));
