from enum import StrEnum


class RdapDomainResponse200EntitiesItemVcardArrayItemType0(StrEnum):
    VCARD = "vcard"

    def __str__(self) -> str:
        return str(self.value)
