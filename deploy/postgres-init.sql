-- The CMS keeps its content in a database of its own, next to the services' database (guichet).
-- UTF-8 whatever the cluster's default: in SQL_ASCII, varchar(255) counts bytes, and a Bengali or
-- Arabic title of 90 characters no longer fits.
CREATE DATABASE guichet_cms OWNER guichet ENCODING 'UTF8' TEMPLATE template0;
