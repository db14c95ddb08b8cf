from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RegisterDomainResponse402Type0Type1Domain")


@_attrs_define
class RegisterDomainResponse402Type0Type1Domain:
    """
    Attributes:
        name (str):
        namespace (str):
        years (int):
    """

    name: str
    namespace: str
    years: int

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        namespace = self.namespace

        years = self.years

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "namespace": namespace,
                "years": years,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        namespace = d.pop("namespace")

        years = d.pop("years")

        register_domain_response_402_type_0_type_1_domain = cls(
            name=name,
            namespace=namespace,
            years=years,
        )

        return register_domain_response_402_type_0_type_1_domain
