\timing on
explain analyze with filled as (select client_id, date from client_meal_choices where account_id = 1 and date between '2026-11-16' and '2026-11-29' group by 1, 2 having sum(quantity) > 0)
select count(*) from clients c where account_id = 1 and not is_hidden and exists (
  select 1 from (values ('2026-11-16'::text, 0), ('2026-11-17',1),('2026-11-18',2),('2026-11-19',3),('2026-11-20',4),('2026-11-21',5),('2026-11-22',6),('2026-11-23',0),('2026-11-24',1),('2026-11-25',2),('2026-11-26',3),('2026-11-27',4),('2026-11-28',5),('2026-11-29',6)) as strip(day, plan_index)
  where c.plan_dow -> strip.plan_index = '1'::jsonb and not exists (select 1 from filled f where f.client_id = c.id and f.date = strip.day));
explain analyze select id from clients where account_id = 1 and is_hidden = false and exists (
    select 1 from (values ('2026-11-16'::text, 0), ('2026-11-17',1),('2026-11-18',2),('2026-11-19',3),('2026-11-20',4),('2026-11-21',5),('2026-11-22',6),('2026-11-23',0),('2026-11-24',1),('2026-11-25',2),('2026-11-26',3),('2026-11-27',4),('2026-11-28',5),('2026-11-29',6)) as strip(day, plan_index)
    where clients.plan_dow -> strip.plan_index = '1'::jsonb
      and coalesce((
        select sum(quantity) from client_meal_choices
        where client_id = clients.id and date = strip.day
      ), 0) <= 0
  ) order by name, id limit 10;
