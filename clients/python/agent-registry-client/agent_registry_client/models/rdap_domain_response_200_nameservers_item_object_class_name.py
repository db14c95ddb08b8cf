from enum import StrEnum


class RdapDomainResponse200NameserversItemObjectClassName(StrEnum):
    NAMESERVER = "nameserver"

    def __str__(self) -> str:
        return str(self.value)
