-- Frozen: never edit a landed migration; add a new numbered file instead.
-- Every entity of the site, plus the table rate-limiter-flexible keeps its counters in.

create table contacts (
  id serial primary key,
  first_name text not null,
  last_name text not null,
  email text not null,
  company text not null,
  phone text not null,
  service text,
  message text not null,
  page text,
  cta_button text,
  created_at timestamptz not null default now()
);

create table newsletters (
  id serial primary key,
  email text not null,
  created_at timestamptz not null default now()
);
-- One subscription per address whatever its letter case.
create unique index newsletters_email_lower_key on newsletters (lower(email));

create table users (
  id serial primary key,
  username text not null unique,
  password text not null,
  email text not null unique,
  reset_token text,
  reset_token_expiry timestamptz,
  last_login timestamptz,
  session_version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table services (
  id serial primary key,
  title text not null,
  description text not null,
  icon text not null,
  features text[] not null default '{}',
  is_active boolean not null default true,
  sort_order integer not null default 0,
  updated_at timestamptz not null default now()
);

create table packages (
  id serial primary key,
  name text not null,
  price text not null,
  period text not null,
  description text not null,
  features text[] not null default '{}',
  button_text text not null,
  button_variant text not null,
  is_popular boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  updated_at timestamptz not null default now()
);

create table team_members (
  id serial primary key,
  name text not null,
  role text not null,
  bio text,
  image_url text,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  updated_at timestamptz not null default now()
);

create table site_content (
  id serial primary key,
  section text not null,
  key text not null,
  value text not null,
  updated_at timestamptz not null default now(),
  constraint site_content_section_key_key unique (section, key)
);

create table company_stats (
  id serial primary key,
  label text not null,
  value text not null,
  description text,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  updated_at timestamptz not null default now()
);

create table articles (
  id serial primary key,
  title text not null,
  description text not null,
  content text,
  author text not null default 'Admin',
  category text not null default 'Thought Leadership'
    check (category in ('Thought Leadership', 'Product & Solution Spotlights', 'Customer & Partner Success Stories', 'Industry Trends & Insights', 'Events & Announcements')),
  image_url text,
  youtube_url text,
  read_time text not null,
  meta_title text,
  meta_description text,
  tags text[] not null default '{}',
  slug text unique,
  is_featured boolean not null default false,
  is_published boolean not null default true,
  published_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index articles_published_idx on articles (is_published, published_at desc);

-- Layout owned by rate-limiter-flexible (RateLimiterPostgres); created here so no request ever runs DDL.
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
