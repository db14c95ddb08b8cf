from enum import StrEnum


class RdapHelpResponse200NoticesItemLinksItemRel(StrEnum):
    ALTERNATE = "alternate"
    DESCRIBEDBY = "describedby"
    GLOSSARY = "glossary"
    HELP = "help"
    RELATED = "related"
    SELF = "self"
    TERMS_OF_SERVICE = "terms-of-service"

    def __str__(self) -> str:
        return str(self.value)
