audit
