// Every page: mark the navigation link of the current page.

const here = location.pathname;
for (const a of document.querySelectorAll('header.site nav a')) {
  const path = a.getAttribute('href');
  if (path === here || (path !== '/' && here.startsWith(`${path}/`))) a.setAttribute('aria-current', 'page');
}
