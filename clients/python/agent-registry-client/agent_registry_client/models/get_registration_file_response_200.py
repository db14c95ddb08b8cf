from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_registration_file_response_200_type import GetRegistrationFileResponse200Type

if TYPE_CHECKING:
    from ..models.get_registration_file_response_200_registrations_item import (
        GetRegistrationFileResponse200RegistrationsItem,
    )
    from ..models.get_registration_file_response_200_services_item import GetRegistrationFileResponse200ServicesItem


T = TypeVar("T", bound="GetRegistrationFileResponse200")


@_attrs_define
class GetRegistrationFileResponse200:
    """ERC-8004 registration file of the name

    Attributes:
        type_ (GetRegistrationFileResponse200Type):
        name (str):
        description (str):
        services (list[GetRegistrationFileResponse200ServicesItem]):
        active (bool):
        registrations (list[GetRegistrationFileResponse200RegistrationsItem]):
    """

    type_: GetRegistrationFileResponse200Type
    name: str
    description: str
    services: list[GetRegistrationFileResponse200ServicesItem]
    active: bool
    registrations: list[GetRegistrationFileResponse200RegistrationsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        name = self.name

        description = self.description

        services = []
        for services_item_data in self.services:
            services_item = services_item_data.to_dict()
            services.append(services_item)

        active = self.active

        registrations = []
        for registrations_item_data in self.registrations:
            registrations_item = registrations_item_data.to_dict()
            registrations.append(registrations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "name": name,
                "description": description,
                "services": services,
                "active": active,
                "registrations": registrations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_registration_file_response_200_registrations_item import (
            GetRegistrationFileResponse200RegistrationsItem,  # noqa: PLC0415
        )
        from ..models.get_registration_file_response_200_services_item import GetRegistrationFileResponse200ServicesItem  # noqa: PLC0415

        d = dict(src_dict)
        type_ = GetRegistrationFileResponse200Type(d.pop("type"))

        name = d.pop("name")

        description = d.pop("description")

        services = []
        _services = d.pop("services")
        for services_item_data in _services:
            services_item = GetRegistrationFileResponse200ServicesItem.from_dict(services_item_data)

            services.append(services_item)

        active = d.pop("active")

        registrations = []
        _registrations = d.pop("registrations")
        for registrations_item_data in _registrations:
            registrations_item = GetRegistrationFileResponse200RegistrationsItem.from_dict(registrations_item_data)

            registrations.append(registrations_item)

        get_registration_file_response_200 = cls(
            type_=type_,
            name=name,
            description=description,
            services=services,
            active=active,
            registrations=registrations,
        )

        get_registration_file_response_200.additional_properties = d
        return get_registration_file_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
