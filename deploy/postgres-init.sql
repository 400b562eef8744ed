-- The CMS keeps its content in a database of its own, next to the services' database (guichet).
CREATE DATABASE guichet_cms OWNER guichet;
